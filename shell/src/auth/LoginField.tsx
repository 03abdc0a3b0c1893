import type { LoginInput } from '@vot/shared/schemas/session';

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

/** A sign-in field drawn as the kit's FormField draws a text field (label, input, message), without PrimeReact's code. */
export function LoginField({ name, label, type, value, message, onChange, onLeave, autoFocus }: Props) {
  const id = `field-${name}`;
  return (
    <div className="vot-field">
      <label htmlFor={id}>{label}</label>
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
        aria-describedby={message ? `${id}-error` : undefined}
      />
      {message && (
        <small id={`${id}-error`} className="p-error" role="alert">
          {message}
        </small>
      )}
    </div>
  );
}
