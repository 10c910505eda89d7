import AppLayout from '@cloudscape-design/components/app-layout';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Footer } from '../components/footer';
import { NotFoundPage } from '../features/misc/not-found-page';
import { paths } from './paths';

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <TopNavigation identity={{ href: paths.home, title: 'PD Clinic Portal' }} />
      <AppLayout navigationHide toolsHide content={children} />
      <Footer />
    </>
  );
}

function HomePage() {
  return <ContentLayout header={<Header variant="h1">PD Clinic Portal</Header>} />;
}

export function App() {
  return (
    <BrowserRouter>
      <Shell>
        <Routes>
          <Route path={paths.home} element={<HomePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Shell>
    </BrowserRouter>
  );
}
