export const statusSeverity = (s?: string) => (!s ? 'secondary' : /ok|active|attiv|connected|connesso/i.test(s) ? 'success' : 'warning');
