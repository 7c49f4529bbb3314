/** Spec part 1 §1: eight questions, in this order. */
export const FAQ_ITEMS = [
  {
    id: 'replace-teachers',
    question: 'Does Margin replace teachers?',
    answer:
      'No. Margin writes a first draft; you make every decision. You read each suggestion, change the grade or the wording as you see fit, and nothing is saved to Canvas or seen by a student until you approve it. Your professional judgment stays at the centre of grading.',
  },
  {
    id: 'accuracy',
    question: 'How accurate are the AI grading suggestions?',
    answer:
      'Drafts are usually close when the rubric or assignment description is clear, because Margin grades against exactly those criteria. They are still suggestions: AI can misread a creative answer or miss context you know about a student. That is why every draft waits for your review, and why the grade review note explains the reasoning so you can check it quickly.',
  },
  {
    id: 'customise',
    question: 'Can I customise the feedback style?',
    answer:
      'Yes. Choose formative feedback that focuses on next steps or summative feedback that explains the grade, grade from your rubric or from the assignment description, and add your own instructions, such as the tone to use, the skills to emphasise or the reading level of your class. You can also edit every sentence before you save it.',
  },
  {
    id: 'privacy',
    question: "Is my students' data safe and private?",
    answer:
      'Student work is read from Canvas only while you grade and is never stored permanently. Student names and e-mail addresses are replaced with placeholders before any text is sent to an AI provider, student work is never used to train AI models, and your Canvas token is encrypted and never sent back to your browser. Our privacy policy has the details.',
  },
  {
    id: 'time-saved',
    question: 'How much time will Margin save me?',
    answer:
      'Teachers tell us they spend about 60% less time grading, roughly 40 minutes per assignment set. That is what they report, not something Margin measures, and it depends on the length of the work and how much you edit. The free trial of 10 submissions is the quickest way to find out for your own classes.',
  },
  {
    id: 'rubrics',
    question: 'Can I use my existing rubrics?',
    answer:
      'Yes. When an assignment has a rubric in Canvas, Margin reads it and drafts against each criterion. When there is no rubric, it works from the assignment description instead. There is nothing to rebuild or copy over.',
  },
  {
    id: 'students-know',
    question: 'Will students know that AI was involved?',
    answer:
      'That is your decision. The feedback students see is the feedback you approved and saved, under your name in Canvas. Many teachers choose to tell their classes how they use AI, which is also a good opening for talking about AI literacy; our AI Literacy resources can help with that conversation.',
  },
  {
    id: 'disagree',
    question: 'What if I disagree with the AI’s suggestions?',
    answer:
      'Change them. The grade and every word of the feedback are editable, and you can ask for a fresh draft at any time. What you save is what counts; a suggestion you did not approve goes nowhere.',
  },
] as const;
