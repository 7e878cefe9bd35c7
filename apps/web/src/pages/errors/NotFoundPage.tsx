import { ErrorPage } from './ErrorPage.js';

export default function NotFoundPage() {
  return <ErrorPage code={404} />;
}
