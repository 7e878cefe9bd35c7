import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders.js';
import { createRouter } from './router.js';

const router = createRouter();

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
