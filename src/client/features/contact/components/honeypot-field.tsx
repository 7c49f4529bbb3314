import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A field people never see or reach: off-screen, hidden from assistive technology and out of the
 * tab order. Bots that fill every input fill this one too, and the server quietly sets them aside.
 */
export function HoneypotField({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </div>
  );
}
