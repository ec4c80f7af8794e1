/**
 * The password rule, the same on the server (user creation and password change) and in the
 * form that states it: at least 10 characters, not one of the most common passwords, not the
 * username. Compared without case and surrounding spaces, so "Password1234" is as common as
 * "password1234".
 */

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

/** What the forms say under the password field. */
export const PASSWORD_RULE = `Almeno ${MIN_PASSWORD_LENGTH} caratteri, diversa dallo username e non tra le password più comuni.`;

export const PASSWORD_TOO_SHORT = `La password deve contenere almeno ${MIN_PASSWORD_LENGTH} caratteri`;
export const PASSWORD_TOO_LONG = `La password è troppo lunga (massimo ${MAX_PASSWORD_LENGTH} caratteri)`;
export const PASSWORD_TOO_COMMON = 'La password è tra le più comuni e si indovina facilmente: scegline un\u2019altra';
export const PASSWORD_IS_USERNAME = 'La password non può essere uguale allo username';

/**
 * The most used passwords (public breach lists, top entries) that reach 10 characters, plus the
 * Italian ones seen in the same lists. Shorter ones are refused by the length anyway.
 */
const COMMON = `
1234567890 0123456789 12345678910 123456789a 123456789q 1234567890a 1234567890q 0987654321
1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx3edc q1w2e3r4t5 q1w2e3r4t5y6 a1b2c3d4e5 zaq12wsxcde
qwertyuiop qwertyuiop1 qwertyuiop123 asdfghjkl1 asdfghjkl123 zxcvbnm123 zxcvbnm1234 qwerty1234
qwerty12345 qwerty123456 qwertyqwerty qazwsxedc1 qazwsxedcrfv 1qazxsw23edc asdasdasd1 asdf1234asdf
password12 password123 password1234 password12345 password123456 password01 password00 password99
passw0rd12 passw0rd123 p@ssw0rd12 p@ssword123 p@ssw0rd123 password!1 password1! passwordpassword
mypassword mypassword1 mypassword123 newpassword newpassword1 secretpassword changeme123 letmein123
letmeinnow welcome123 welcome1234 welcome2020 welcome2021 welcome2022 welcome2023 welcome2024
welcome2025 welcome2026 administrator admin12345 admin123456 administrator1 adminadmin adminadmin1
rootroot123 useruser123 testtest123 test123456 guest12345 iloveyou12 iloveyou123 sunshine12
sunshine123 princess12 princess123 football12 football123 baseball123 basketball soccer1234
dragon1234 monkey1234 master1234 superman123 batman1234 starwars12 starwars123 trustno123
michael123 jennifer123 whatever12 whatever123 computer12 computer123 internet12 internet123
1111111111 2222222222 3333333333 4444444444 5555555555 6666666666 7777777777 8888888888
9999999999 0000000000 1212121212 1231231231 1234512345 1234567891 1122334455 1357924680
abcdefghij abcdefghijk abcdefgh12 abcd123456 abc1234567 aaaaaaaaaa abcabcabc1 a123456789
passwordd1 password2020 password2021 password2022 password2023 password2024 password2025
password2026 qwerty2024 qwerty2025 qwerty2026 summer2024 summer2025 winter2024 winter2025
ciao123456 ciaociao12 ciaociao123 ciaociaociao ciao12345678 passwordita passworditalia
amoremio123 amoremio12 tiamo12345 tiamotanto tiamotanto1 tiamo123456 amore12345
amore123456 amoreamore amoreamore1 forzainter forzainter1 forzamilan forzamilan1 forzajuve1
forzajuventus forzaroma1 forzanapoli forzanapoli1 forzalazio forzaviola juventus123 juventus12
juventus1897 interista1 milanista1 napoli1926 romanista1 internazionale milanmilan
francesca1 francesco1 alessandro alessandra alessandro1 alessandra1 giuseppe12 giovanni12
valentina1 valentina12 federica12 federico12 cristina12 cristian12 martina123 matteo1234
andrea1234 lorenzo123 chiara1234 giulia1234 mariarosa1 antonella1 benvenuto1 benvenuto123
computa123 computa1234 computo123 computo1234 prezzario1 ingegnere1 geometra12 architetto
cantiere123 ufficio123 ufficio1234 segreteria segreteria1 amministratore amministrazione
password_it parolachiave parolasegreta parola1234 chiave12345 accesso123 accesso1234
nonlaso1234 nonloso123 boh1234567 italia1234 italia12345 italia2024 italia2025 roma123456
milano1234 napoli1234 torino1234 firenze123 bologna123 palermo123 genova1234
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON.split(/\s+/).filter((p) => p.length >= MIN_PASSWORD_LENGTH));

const norm = (s: string) => s.normalize('NFC').trim().toLowerCase();

/** Code points, as a person counts characters ("è" is one). */
const length = (s: string) => [...s].length;

/** null when the password may be used for `username`, else the Italian reason it is refused. */
export function passwordProblem(password: string, username: string): string | null {
  // Counted as the login reads it: a password of spaces alone is empty there.
  if (length(password.trim()) < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  if (length(password) > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG;
  const p = norm(password);
  if (username && p === norm(username)) return PASSWORD_IS_USERNAME;
  if (COMMON_PASSWORDS.has(p)) return PASSWORD_TOO_COMMON;
  return null;
}
