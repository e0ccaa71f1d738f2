import { PublicReportPage } from '@/features/public-report/components/public-report-page.tsx';

export function Component() {
  return <PublicReportPage />;
}
