import { toast } from '@/client/lib/toast';
import { copyText, downloadText } from '../../browser-actions';

/** Copies and confirms with the spec's toast title, or says plainly that the browser refused. */
export async function copyWithToast(text: string, title: string, description: string): Promise<void> {
  if (await copyText(text)) toast.success(title, { description });
  else
    toast.error('Copy failed', {
      description: 'Your browser did not allow copying. Select the text and copy it by hand.',
    });
}

export function downloadWithToast(filename: string, text: string, title: string): void {
  downloadText(filename, text);
  toast.success(title, { description: `Saved as ${filename}.` });
}
