import { ErrorPage } from './ErrorPage.js';

export default function Page404() {
  return <ErrorPage code={404} />;
}
