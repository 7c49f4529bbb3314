import { useEffect } from 'react';

const SITE = 'Margin';

/** Sets the document title and description (and their link-preview twins) for a page. */
export function usePageMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = title === SITE ? SITE : `${title} | ${SITE}`;
    if (description) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
    }
    setMeta('property', 'og:title', document.title);
  }, [title, description]);
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
