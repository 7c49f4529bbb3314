import { AuthForm } from '@/client/features/auth/components/auth-form';
import { Logo } from '@/client/components/logo';
import { usePageMeta } from '@/client/lib/page-meta';

export default function AuthRoute() {
  usePageMeta('Sign in', 'Sign in to Margin or create an account with 10 free submissions.');
  return (
    <div className="flex min-h-[75vh] flex-col items-center justify-center gap-6 bg-gradient-to-b from-brand-50 to-paper px-4 py-12">
      <h1 className="sr-only">Sign in or create an account</h1>
      <Logo />
      <AuthForm />
    </div>
  );
}
