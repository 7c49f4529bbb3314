import { usePageMeta } from '@/client/lib/page-meta';
import { usePublicConfig } from '@/client/lib/public-config';
import { Card, CardContent } from '@/client/ui/card';
import { ContactForm } from '@/client/features/contact/components/contact-form';
import { SupportCard } from '@/client/features/contact/components/support-card';

export default function ContactRoute() {
  usePageMeta(
    'Contact & Support',
    'Questions about Margin or help with grading, Canvas or your account: send us a message, or write to our support team by e-mail.',
  );
  const config = usePublicConfig();
  return (
    <div className="bg-gradient-to-b from-brand-50 via-paper to-paper">
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="mb-10 max-w-2xl">
          <h1 className="font-serif text-4xl font-semibold tracking-tight text-ink sm:text-5xl">Contact & Support</h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            A question about Margin, an idea, or something that is not working? Send us a message. Every one is read by
            a person on our team.
          </p>
        </div>
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Card>
            <CardContent className="p-5 sm:p-8">
              <h2 className="sr-only">Send us a message</h2>
              <ContactForm />
            </CardContent>
          </Card>
          <SupportCard supportEmail={config.data?.supportEmail} isLoading={config.isPending} />
        </div>
      </div>
    </div>
  );
}
