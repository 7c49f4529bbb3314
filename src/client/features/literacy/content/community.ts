/** The next webinar (spec §2.6). No date is fixed yet; registrants are told by e-mail. */
export const WEBINAR = {
  title: 'Building AI Literacy: A Practical Approach',
  description:
    'A one-hour session on bringing AI literacy into the assignments you already teach: the five DIVER phases, worked examples from real classes, and how to assess the new parts fairly.',
} as const;
