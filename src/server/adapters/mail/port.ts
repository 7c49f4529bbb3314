export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

/** Hands one message to the outside world. Throws when the message was not accepted. */
export type MailTransport = {
  readonly kind: 'smtp' | 'outbox';
  deliver(message: MailMessage): Promise<void>;
  close?(): void;
};
