import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareArticle } from './article-view';

const article = { title: 'The DIVER Framework', excerpt: 'Five phases.' };
const url = 'https://margin.example/ai-pedagogy?article=diver-framework';

function stubNavigator(share: unknown, writeText = vi.fn(async () => undefined)) {
  vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
  return writeText;
}

afterEach(() => vi.unstubAllGlobals());

describe('shareArticle (spec §2.7)', () => {
  it('uses the device share sheet with title, excerpt and address', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = stubNavigator(share);
    await shareArticle(article, url);
    expect(share).toHaveBeenCalledWith({ title: 'The DIVER Framework', text: 'Five phases.', url });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('does nothing more when the reader cancels the share sheet', async () => {
    const writeText = stubNavigator(vi.fn(async () => Promise.reject(new DOMException('cancelled', 'AbortError'))));
    await shareArticle(article, url);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the address when there is no share sheet, or sharing is refused', async () => {
    const withoutShare = stubNavigator(undefined);
    await shareArticle(article, url);
    expect(withoutShare).toHaveBeenCalledWith(url);

    const refused = stubNavigator(
      vi.fn(async () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'))),
    );
    await shareArticle(article, url);
    expect(refused).toHaveBeenCalledWith(url);
  });
});
