import type { LoginInput } from '@vot/shared/schemas/session';
import { FieldFrame } from '@vot/shared/ui/field-frame';

interface Props {
  name: keyof LoginInput;
  label: string;
  type: 'email' | 'password';
  value: string;
  /** The field's message, when it may show. */
  message?: string;
  onChange: (name: keyof LoginInput, value: string) => void;
  onLeave: (name: keyof LoginInput) => void;
  autoFocus?: boolean;
}

/** A sign-in field: the kit's field frame around a plain input in InputText's classes, without PrimeReact's code. */
export function LoginField({ name, label, type, value, message, onChange, onLeave, autoFocus }: Props) {
  return (
    <FieldFrame name={name} label={label} message={message}>
      {({ id, describedBy }) => (
        <input
          id={id}
          name={name}
          type={type}
          className={`p-inputtext p-component${value ? ' p-filled' : ''}${message ? ' p-invalid' : ''}`}
          value={value}
          onChange={(e) => onChange(name, e.target.value)}
          onBlur={() => onLeave(name)}
          autoComplete={type === 'email' ? 'username' : 'current-password'}
          autoFocus={autoFocus}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}
