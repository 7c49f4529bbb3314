import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BookOpen, ClipboardCheck, Settings, Sparkles } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { usePageMeta } from '@/client/lib/page-meta';
import { useSession } from '@/client/lib/session';
import { useProfile } from '@/client/features/profile/api/profile-api';
import { useCanvasConnection } from '@/client/features/canvas/api/canvas-api';
import { CanvasConnectionBanner } from '@/client/features/canvas/components/connected-banner';
import { UsageCard } from '@/client/features/usage/components/usage-card';
import { usePurchaseReturn } from '@/client/features/billing/use-purchase-return';
import { Page } from '@/client/components/page';
import { greetingName } from '@/client/components/greeting-name';

export default function DashboardRoute() {
  usePageMeta('Dashboard');
  usePurchaseReturn();
  const { user } = useSession();
  const profile = useProfile();
  const name = greetingName(profile.data?.full_name ?? user?.user_metadata.full_name, user?.email);
  const connection = useCanvasConnection();
  const isCanvasConnected = connection.data?.connected ?? profile.data?.canvas_connected ?? false;

  return (
    <Page title={`Welcome back, ${name}!`} description="Pick up where you left off, or start a new pile of grading.">
      {/*
        Phone and tablet: banner, usage, tiles, one under the other. Desktop: the usage card on the
        right beside both the compact banner and the tiles, so no empty block opens under the
        banner. minmax(0, …): a long Canvas address or e-mail wraps instead of widening the column.
      */}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <CanvasConnectionBanner />
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1" data-testid="dashboard-usage">
          <UsageCard />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Tile to="/courses" icon={<BookOpen />} title="Courses" text="Browse your Canvas courses and their work." />
          <Tile
            to="/assignments"
            icon={<ClipboardCheck />}
            title="Needs Grading"
            text={
              isCanvasConnected
                ? 'Everything waiting for a grade, across courses.'
                : 'Connect Canvas to see what needs grading.'
            }
            isDisabled={!isCanvasConnected}
          />
          <Tile
            to="/ai-assignment-integration"
            icon={<Sparkles />}
            title="AI Literacy Tool"
            text="Redesign an assignment for a world with AI."
          />
          <Tile to="/settings" icon={<Settings />} title="Settings" text="Profile, Canvas connection and plan." />
        </div>
      </div>
    </Page>
  );
}

function Tile({
  to,
  icon,
  title,
  text,
  isDisabled = false,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
  isDisabled?: boolean;
}) {
  const body = (
    <>
      <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-5">
        {icon}
      </span>
      <span className="text-lg font-semibold text-ink">{title}</span>
      <span className="text-sm text-slate-600">{text}</span>
    </>
  );
  const classes = 'flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm';
  if (isDisabled) {
    return (
      <div className={cn(classes, 'cursor-not-allowed opacity-60')} aria-disabled="true" data-testid={`tile-${title}`}>
        {body}
      </div>
    );
  }
  return (
    <Link
      to={to}
      className={cn(classes, 'transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md')}
      data-testid={`tile-${title}`}
    >
      {body}
    </Link>
  );
}
