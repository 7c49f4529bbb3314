import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Globe2, Mail, MessageCircle, Phone } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge } from '@/client/ui/feedback';
import { SupportEmail } from './support-email';

/** The side card of the contact page (spec part 1 §2): e-mail, live chat, phone, remote-first note. */
export function SupportCard({ supportEmail, isLoading }: { supportEmail: string | undefined; isLoading: boolean }) {
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle>Other ways to reach us</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ul className="flex flex-col gap-5">
          <Channel icon={<Mail />} title="Email support">
            <SupportEmail address={supportEmail} isLoading={isLoading} />
            <span className="block">We reply within 2 business days.</span>
          </Channel>
          <Channel icon={<MessageCircle />} title="Live chat" badge={<Badge tone="neutral">Coming soon</Badge>}>
            Chat with us from inside Margin. Until then, e-mail reaches the same people.
          </Channel>
          <Channel icon={<Phone />} title="Phone support" badge={<Badge tone="info">Enterprise only</Badge>}>
            Included with institutional plans, along with a named contact for your school.
          </Channel>
        </ul>
        <div className="flex gap-3 rounded-lg bg-brand-50 p-4 text-sm text-slate-700">
          <Globe2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
          <p>
            <span className="font-semibold text-ink">We are a remote-first team.</span> We work from several time zones
            and have no office to visit, so e-mail and this form are the quickest way to reach us.
          </p>
        </div>
        <p className="text-sm text-slate-600">
          Buying for a school or district?{' '}
          <Link to="/institutional-inquiry" className="font-medium text-brand-600 underline-offset-4 hover:underline">
            Request a custom quote
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

function Channel({
  icon,
  title,
  badge,
  children,
}: {
  icon: ReactNode;
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-5"
        aria-hidden
      >
        {icon}
      </span>
      <div className="flex min-w-0 flex-col gap-1 text-sm text-slate-600">
        <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-ink">
          {title}
          {badge}
        </h3>
        {children}
      </div>
    </li>
  );
}
