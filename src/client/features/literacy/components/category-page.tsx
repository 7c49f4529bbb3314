import { ArrowLeft, ArrowRight, CalendarClock, CircleDashed } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge } from '@/client/ui/feedback';
import type { ResourceCategory } from '../content/resource-center';
import { SignupForm } from './signup-form';

/** /ai-literacy/{category}: what the collection will hold, and what already exists on the subject. */
export function CategoryPage({ category }: { category: ResourceCategory }) {
  const Icon = category.icon;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <Link to="/ai-literacy" className="inline-flex items-center gap-1.5 font-medium text-brand-600 hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          AI Literacy Resource Center
        </Link>
      </nav>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span className="w-fit rounded-xl bg-brand-50 p-3 text-brand-700">
          <Icon className="size-8" aria-hidden />
        </span>
        <div className="flex flex-col gap-3">
          <Badge tone="warning" className="w-fit">
            <CalendarClock className="size-3.5" aria-hidden />
            Coming Fall 2025
          </Badge>
          <h1 className="font-serif text-4xl font-semibold tracking-tight text-ink">{category.title}</h1>
          <p className="max-w-2xl text-lg text-slate-700">{category.description}</p>
          <p className="max-w-2xl text-slate-600">
            This collection is not open yet. We are writing it now and plan to publish it in Fall 2025. Here is what it
            will hold, and what you can already use on the same subject.
          </p>
        </div>
      </header>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>What is coming</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-3">
              {category.planned.map((item) => (
                <li key={item} className="flex items-start gap-2.5 text-slate-700">
                  <CircleDashed className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Available now</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-3">
              {category.availableNow.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="group flex items-start justify-between gap-3 rounded-lg border border-slate-200 p-3 hover:border-brand-200 hover:bg-brand-50/50"
                  >
                    <span className="flex flex-col">
                      <span className="font-medium text-ink">{item.label}</span>
                      <span className="text-sm text-slate-600">{item.note}</span>
                    </span>
                    <ArrowRight
                      className="mt-1 size-4 shrink-0 text-brand-600 transition-transform group-hover:translate-x-0.5"
                      aria-hidden
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>

      <Card className="mt-6">
        <div className="flex flex-col gap-4 p-6">
          <div>
            <h2 className="text-lg font-semibold text-ink">Hear when it opens</h2>
            <p className="mt-1 text-sm text-slate-600">
              The AI Literacy Newsletter announces each collection as it is published.
            </p>
          </div>
          <SignupForm list="newsletter" source="category" />
        </div>
      </Card>
    </div>
  );
}
