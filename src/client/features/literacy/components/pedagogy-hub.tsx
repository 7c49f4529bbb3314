import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { findArticle, isArticleId, type ArticleId } from '../articles/article-index';
import { ArticleView } from './article-view';
import { HubList } from './hub-list';

/**
 * /ai-pedagogy (spec §2.7, §4 article browser). The open article is kept in the query string
 * (?article=id): the route does not change, the address can be shared, and the browser's back
 * button returns to the list where the reader left it.
 */
export function PedagogyHub() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const requested = searchParams.get('article');
  const openId = isArticleId(requested) ? requested : null;

  function open(id: ArticleId) {
    setSearchParams({ article: id }, { state: { fromHub: true } });
  }

  function backToHub() {
    const cameFromList = (location.state as { fromHub?: boolean } | null)?.fromHub === true;
    if (cameFromList) void navigate(-1);
    else setSearchParams({});
  }

  if (openId) return <ArticleView key={openId} summary={findArticle(openId)} onBack={backToHub} />;
  return <HubList onOpen={open} />;
}
