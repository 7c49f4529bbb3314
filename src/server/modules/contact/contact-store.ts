import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { contactMessages, institutionalInquiries } from '@/server/db/schema';
import type { ContactMessage, InstitutionalInquiry } from '@/shared/schemas/contact';

export type StoredStatus = 'received' | 'spam';

/** The contact module's tables: every message is written here before anything is mailed. */
export function createContactStore(db: Database) {
  return {
    async saveMessage(message: Omit<ContactMessage, 'website'>, status: StoredStatus): Promise<string> {
      const [row] = await db
        .insert(contactMessages)
        .values({
          type: message.type,
          name: message.name,
          email: message.email,
          subject: message.subject,
          message: message.message,
          status,
        })
        .returning({ id: contactMessages.id });
      return row!.id;
    },

    async saveInquiry(inquiry: Omit<InstitutionalInquiry, 'website' | 'type'>, status: StoredStatus): Promise<string> {
      const [row] = await db
        .insert(institutionalInquiries)
        .values({
          organizationName: inquiry.organizationName,
          contactPerson: inquiry.contactPerson,
          email: inquiry.email,
          phone: inquiry.phone,
          educationLevel: inquiry.educationLevel,
          numberOfTeachers: inquiry.numberOfTeachers,
          lmsSystem: inquiry.lmsSystem,
          currentChallenges: inquiry.currentChallenges,
          implementationTimeline: inquiry.implementationTimeline,
          budgetRange: inquiry.budgetRange ?? null,
          additionalRequirements: inquiry.additionalRequirements ?? null,
          status,
        })
        .returning({ id: institutionalInquiries.id });
      return row!.id;
    },

    /** Links a stored message to the outbox row that carries it to support. */
    async linkMessageMail(id: string, mailId: string): Promise<void> {
      await db.update(contactMessages).set({ mailId }).where(eq(contactMessages.id, id));
    },

    async linkInquiryMail(id: string, mailId: string): Promise<void> {
      await db.update(institutionalInquiries).set({ mailId }).where(eq(institutionalInquiries.id, id));
    },
  };
}

export type ContactStore = ReturnType<typeof createContactStore>;
