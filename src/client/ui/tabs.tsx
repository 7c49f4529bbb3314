import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cn } from '@/client/lib/cn';

/** Tabs: arrow keys move between triggers, and each panel is labelled by its trigger. */
export const Tabs = TabsPrimitive.Root;

/**
 * `wrap` lets the triggers flow onto more lines on narrow screens (every label whole); the default
 * scrolls them inside the strip.
 */
export const TabsList = forwardRef<
  ElementRef<typeof TabsPrimitive.List>,
  ComponentPropsWithoutRef<typeof TabsPrimitive.List> & { wrap?: boolean }
>(function TabsList({ className, wrap = false, ...props }, ref) {
  return (
    <TabsPrimitive.List
      ref={ref}
      className={cn(
        'max-w-full items-center gap-1 rounded-lg bg-slate-100 p-1',
        wrap ? 'flex flex-wrap sm:inline-flex' : 'inline-flex overflow-x-auto',
        className,
      )}
      {...props}
    />
  );
});

export const TabsTrigger = forwardRef<
  ElementRef<typeof TabsPrimitive.Trigger>,
  ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>
>(function TabsTrigger({ className, ...props }, ref) {
  return (
    <TabsPrimitive.Trigger
      ref={ref}
      className={cn(
        'inline-flex min-h-9 flex-1 items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:text-ink disabled:pointer-events-none disabled:opacity-55 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
});

export const TabsContent = forwardRef<
  ElementRef<typeof TabsPrimitive.Content>,
  ComponentPropsWithoutRef<typeof TabsPrimitive.Content>
>(function TabsContent({ className, ...props }, ref) {
  return <TabsPrimitive.Content ref={ref} className={cn('mt-4 rounded-lg', className)} {...props} />;
});
