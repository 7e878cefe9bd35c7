import { ErrorPage } from './ErrorPage.js';

export default function NoAccessPage() {
  return <ErrorPage code={401} />;
}
