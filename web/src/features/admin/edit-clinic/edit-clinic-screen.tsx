import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { clinicScreens } from '@shared/messages/clinic-screens';
import { useKeptOrigin } from '@web/src/lib/navigation';
import { ClinicEditor } from './clinic-editor';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { clinicScreens };

const m = messages.clinicScreens;

/** /clinics/editclinic?clinicId= (spec 2): the clinic's edit form, its back arrow kept in local storage. */
export function EditClinicScreen() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const back = useKeptOrigin('editClinic');
  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <Box>
            <Button variant="icon" iconName="arrow-left" ariaLabel={m.back} data-testid="back" onClick={() => navigate(back)} />
          </Box>
          <Header variant="h1">{m.editTitle}</Header>
        </SpaceBetween>
      }
    >
      <ClinicEditor clinicId={search.get('clinicId') ?? ''} />
    </ContentLayout>
  );
}
