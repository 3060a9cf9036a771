import { useParams } from 'react-router'
import type { PageMeta } from '@/lib/api-types'
import { HelpArticle } from '../../../../apps/components/front/help-article'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function HelpArticlePage() {
  const { title = '' } = useParams()
  return <HelpArticle key={title} slug={title} />
}
