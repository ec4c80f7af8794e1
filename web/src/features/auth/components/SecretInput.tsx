import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  autoComplete: string;
  /** 'password' or 'token': the toggle says 'Mostra password' / 'Nascondi token'. */
  noun: string;
}

/** A password-like input with a show / hide toggle. */
export function SecretInput({ id, value, onChange, disabled, autoComplete, noun }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <div className="input-with-toggle">
      <InputText id={id} type={shown ? 'text' : 'password'} value={value} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} disabled={disabled} />
      <Button type="button" icon={shown ? 'pi pi-eye-slash' : 'pi pi-eye'} text aria-label={`${shown ? 'Nascondi' : 'Mostra'} ${noun}`} onClick={() => setShown((s) => !s)} />
    </div>
  );
}
