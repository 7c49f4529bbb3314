import { CalendarCheck, Clock, LayoutDashboard, Mail, Users } from 'lucide-react';
import { usePageMeta } from '@/client/lib/page-meta';
import { usePublicConfig } from '@/client/lib/public-config';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { InstitutionalInquiryForm } from '@/client/features/contact/components/institutional-inquiry-form';
import { SupportEmail } from '@/client/features/contact/components/support-email';

const INCLUDED = [
  { icon: Users, text: 'Accounts for every teacher, with unlimited submissions' },
  { icon: LayoutDashboard, text: 'An admin dashboard for your school or district' },
  { icon: CalendarCheck, text: 'Onboarding completed within 5 business days' },
  { icon: Clock, text: 'One annual invoice for the whole institution' },
];

export default function InstitutionalInquiryRoute() {
  usePageMeta(
    'Institutional Pricing Inquiry',
    'Ask for a custom quote for Margin across your school, district or organization. We reply within 24 hours with a personalized quote.',
  );
  const config = usePublicConfig();
  const supportEmail = config.data?.supportEmail;
  return (
    <div className="bg-gradient-to-b from-brand-50 via-paper to-paper">
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="mb-10 max-w-2xl">
          <p className="mb-3 text-sm font-semibold tracking-wide text-brand-600 uppercase">Institutional Plan</p>
          <h1 className="font-serif text-4xl font-semibold tracking-tight text-ink sm:text-5xl">
            Institutional Pricing Inquiry
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            Bringing Margin to several teachers, a whole school or a district? Tell us a little about your institution
            and we will put together a quote that fits.
          </p>
        </div>
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <InstitutionalInquiryForm supportEmail={supportEmail} />
          <aside className="flex h-fit flex-col gap-6">
            <Card>
              <CardHeader>
                <CardTitle>What an institutional plan includes</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-4">
                  {INCLUDED.map(({ icon: Icon, text }) => (
                    <li key={text} className="flex gap-3 text-sm text-slate-700">
                      <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
                      {text}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <div className="rounded-xl border border-brand-100 bg-white p-5 text-sm text-slate-700 shadow-sm">
              <p className="flex items-center gap-2 font-semibold text-ink">
                <Clock className="size-4 text-brand-600" aria-hidden />A reply within 24 hours
              </p>
              <p className="mt-2">We answer every inquiry with a personalized quote within 24 hours.</p>
              <p className="mt-4 flex items-center gap-2 font-semibold text-ink">
                <Mail className="size-4 text-brand-600" aria-hidden />
                Prefer e-mail?
              </p>
              <div className="mt-2">
                <SupportEmail address={supportEmail} isLoading={config.isPending} />
              </div>
            </div>
          </aside>
        </div>
      </div>
    </div>
  );
}
