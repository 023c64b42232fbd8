import nodemailer from "nodemailer";

/**
 * Sending e-mail through the SMTP server the operator configures (SMTP_URL), by nodemailer: one
 * message at a time, each to one address (each carries its own unsubscribe link).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
