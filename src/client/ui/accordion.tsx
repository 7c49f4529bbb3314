import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/client/lib/cn';

type AccordionProps =
  | (Omit<AccordionPrimitive.AccordionSingleProps, 'type'> & { type?: 'single' })
  | AccordionPrimitive.AccordionMultipleProps;

/**
 * A list of collapsible sections. By default one section is open at a time and all may be closed
 * (`type="single" collapsible`); pass `type="multiple"` to let several stay open.
 */
export function Accordion({ className, ...props }: AccordionProps) {
  const classes = cn('divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white', className);
  if (props.type === 'multiple') return <AccordionPrimitive.Root className={classes} {...props} />;
  return <AccordionPrimitive.Root collapsible {...props} type="single" className={classes} />;
}

export const AccordionItem = forwardRef<
  ElementRef<typeof AccordionPrimitive.Item>,
  ComponentPropsWithoutRef<typeof AccordionPrimitive.Item>
>(function AccordionItem({ className, ...props }, ref) {
  return (
    <AccordionPrimitive.Item ref={ref} className={cn('first:rounded-t-xl last:rounded-b-xl', className)} {...props} />
  );
});

/** The clickable question; `headingLevel` keeps the page outline right wherever it is used. */
export const AccordionTrigger = forwardRef<
  ElementRef<typeof AccordionPrimitive.Trigger>,
  ComponentPropsWithoutRef<typeof AccordionPrimitive.Trigger> & { headingLevel?: 2 | 3 | 4 }
>(function AccordionTrigger({ className, children, headingLevel = 3, ...props }, ref) {
  const Heading = `h${headingLevel}` as const;
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className="flex">
        <AccordionPrimitive.Trigger
          ref={ref}
          className={cn(
            'group flex flex-1 items-center justify-between gap-4 px-5 py-4 text-left font-medium text-ink transition-colors hover:bg-slate-50 focus-visible:outline-offset-[-2px]',
            className,
          )}
          {...props}
        >
          {children}
          <ChevronDown
            className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-data-[state=open]:rotate-180"
            aria-hidden
          />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
});

export const AccordionContent = forwardRef<
  ElementRef<typeof AccordionPrimitive.Content>,
  ComponentPropsWithoutRef<typeof AccordionPrimitive.Content>
>(function AccordionContent({ className, children, ...props }, ref) {
  return (
    <AccordionPrimitive.Content ref={ref} className="overflow-hidden text-slate-700" {...props}>
      <div className={cn('px-5 pb-5 leading-relaxed', className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
});
