import { Skeleton } from '@/client/ui/feedback';

/**
 * The configured support address as a mailto link; a placeholder while the configuration loads,
 * and a pointer to the form when the deployment names no address.
 */
export function SupportEmail({ address, isLoading }: { address: string | undefined; isLoading: boolean }) {
  if (address) {
    return (
      <a href={`mailto:${address}`} className="font-medium break-all text-brand-600 underline-offset-4 hover:underline">
        {address}
      </a>
    );
  }
  if (isLoading) return <Skeleton className="h-5 w-48" />;
  return <span>Use the form and we will reply by e-mail.</span>;
}
