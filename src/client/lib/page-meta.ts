import { createContext, useContext, useEffect } from 'react';

const SITE = 'Margin';

/** What a page says about itself in the document head: title, description, link-preview kind. */
export type PageHead = { title: string; description?: string; type?: 'website' | 'article' };

/**
 * Present only while a page is prerendered at build time (entry-server.tsx): the page's head is
 * written into its HTML file then, since effects do not run on the server.
 */
export const PageHeadCollector = createContext<((head: PageHead) => void) | null>(null);

/** "Pricing | Margin"; the site's own name stands alone. */
export function documentTitle(title: string) {
  return title === SITE ? SITE : `${title} | ${SITE}`;
}

/** Sets the document title and description (and their link-preview twins) for a page. */
export function usePageMeta(title: string, description?: string, type: PageHead['type'] = 'website') {
  const collect = useContext(PageHeadCollector);
  if (collect) collect({ title: documentTitle(title), ...(description ? { description } : {}), type });
  useEffect(() => {
    document.title = documentTitle(title);
    if (description) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
    }
    setMeta('property', 'og:title', document.title);
    setMeta('property', 'og:type', type);
  }, [title, description, type]);
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}
