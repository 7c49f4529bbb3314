import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/client/ui/accordion';
import { FAQ_ITEMS } from '../content/faq-content';

/** Spec part 1 §1: one answer open at a time, and every answer can be closed. */
export function Faq() {
  return (
    <Accordion type="single" collapsible className="mx-auto max-w-3xl shadow-sm">
      {FAQ_ITEMS.map((item) => (
        <AccordionItem key={item.id} value={item.id}>
          <AccordionTrigger>{item.question}</AccordionTrigger>
          <AccordionContent>{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
