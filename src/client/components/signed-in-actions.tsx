import { useNavigate } from 'react-router';
import { LayoutDashboard, LogOut } from 'lucide-react';
import { useSession } from '@/client/lib/session';
import { signOut } from '@/client/features/auth/api/auth-api';
import { useProfile } from '@/client/features/profile/api/profile-api';
import { Button, ButtonLink } from '@/client/ui/button';
import { greetingName } from './greeting-name';
import { QueryScope } from './query-scope';

export default function SignedInActionsWithQueries() {
  return (
    <QueryScope>
      <SignedInActions />
    </QueryScope>
  );
}

function SignedInActions() {
  const { user } = useSession();
  const profile = useProfile();
  const navigate = useNavigate();
  const name = profile.isPending
    ? '...'
    : greetingName(profile.data?.full_name ?? user?.user_metadata.full_name, user?.email);

  return (
    <>
      <span className="px-2 text-sm text-slate-700" data-testid="welcome">
        Welcome, {name}
      </span>
      <ButtonLink to="/dashboard" variant="outline" size="sm">
        <LayoutDashboard aria-hidden />
        Dashboard
      </ButtonLink>
      <Button
        variant="ghost"
        size="sm"
        onClick={async () => {
          await signOut();
          await navigate('/', { replace: true });
        }}
      >
        <LogOut aria-hidden />
        Sign Out
      </Button>
    </>
  );
}
