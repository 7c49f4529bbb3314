import type { HTMLAttributes, ReactNode } from 'react';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { Button } from './button';

const badgeTones = {
  neutral: 'bg-slate-100 text-slate-700',
  brand: 'bg-brand-50 text-brand-700',
  success: 'bg-emerald-50 text-emerald-800',
  warning: 'bg-amber-50 text-amber-800',
  danger: 'bg-red-600 text-white',
  info: 'bg-sky-50 text-sky-800',
  accent: 'bg-accent-500 text-white',
} as const;

export function Badge({
  tone = 'neutral',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof badgeTones }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        badgeTones[tone],
        className,
      )}
      {...props}
    />
  );
}

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />;
}

export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-3 text-slate-600', className)}>
      <Loader2 className="size-5 animate-spin" aria-hidden />
      <span>{label}</span>
    </div>
  );
}

export function FullPageLoading({ label = 'Loading...' }: { label?: string }) {
  return <Spinner label={label} className="min-h-[50vh]" />;
}

/** A failed panel: what went wrong, and a way to try again. */
export function ErrorState({
  title,
  message,
  onRetry,
  children,
}: {
  title: string;
  message: ReactNode;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
      <div className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div className="flex flex-col gap-2">
          <h2 className="font-semibold">{title}</h2>
          <div className="text-sm">{message}</div>
          {children}
          {onRetry ? (
            <div>
              <Button variant="outline" size="sm" onClick={onRetry}>
                Try Again
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {icon ? <div className="text-slate-400 [&_svg]:size-10">{icon}</div> : null}
      <p className="font-medium text-ink">{title}</p>
      {children ? <div className="text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
