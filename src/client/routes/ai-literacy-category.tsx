import { useParams } from 'react-router';
import { usePageMeta } from '@/client/lib/page-meta';
import { CategoryPage } from '@/client/features/literacy/components/category-page';
import { findResourceCategory, type ResourceCategory } from '@/client/features/literacy/content/resource-center';
import NotFound from './not-found';

function KnownCategory({ category }: { category: ResourceCategory }) {
  usePageMeta(
    `${category.title}: Coming Fall 2025`,
    `${category.description} This AI Literacy collection opens in Fall 2025.`,
  );
  return <CategoryPage category={category} />;
}

/** /ai-literacy/{pedagogy|templates|ethics|best-practices}; any other category is the 404 page. */
export default function AiLiteracyCategoryRoute() {
  const category = findResourceCategory(useParams().category);
  return category ? <KnownCategory category={category} /> : <NotFound />;
}
