// Form fields: a label, the control, and the error right under it.
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

const control =
  "block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm " +
  "focus:outline-2 focus:outline-offset-0 focus:outline-primary-500 disabled:bg-slate-100 disabled:text-slate-400 " +
  "aria-invalid:border-red-500 border-slate-300";

/** What every control says of itself: its id, whether it is invalid, the error (and a hint) that describe it, its look. */
function controlProps({
  id,
  invalid,
  describedBy,
  className,
}: {
  id?: string;
  invalid?: boolean;
  describedBy?: string;
  className: string;
}) {
  const described = [describedBy, invalid ? `${id}-error` : undefined].filter(Boolean).join(" ");
  return { id, "aria-invalid": invalid || undefined, "aria-describedby": described || undefined, className: `${control} ${className}` };
}

type FieldProps = { id: string; label: string; hint?: string; error?: string; children: ReactNode };

export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
        {hint && <span className="font-normal text-slate-500"> ({hint})</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }>(function Input(
  { invalid, className = "", id, ...props },
  ref,
) {
  return <input ref={ref} {...controlProps({ id, invalid, className })} {...props} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { invalid?: boolean }>(function Select(
  { invalid, className = "", id, children, ...props },
  ref,
) {
  return (
    <select ref={ref} {...controlProps({ id, invalid, className })} {...props}>
      {children}
    </select>
  );
});

/** `describedBy`: a hint's id, read with the error (if any) after the label. */
export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean; describedBy?: string }
>(function Textarea({ invalid, describedBy, className = "", id, ...props }, ref) {
  return <textarea ref={ref} {...controlProps({ id, invalid, describedBy, className })} {...props} />;
});
