import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useQueryClient } from '@tanstack/react-query';
import { providers } from '@shared/messages/providers';
import { QueryState } from '@web/src/components/query-state';
import { call } from '@web/src/lib/api-client';
import { useApiQuery } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';
import { uploadLogo } from '../provider-form/logo-upload';
import { ProviderProfileEditor } from '../provider-form/provider-profile-editor';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { providers };

/**
 * /myprofile of a ServiceProviderAdmin (spec 2, 5 "Service provider", edit; 6): the own provider's
 * profile (getMySP), saved through updateMySP with the confirmation and 'Service Provider Saved'.
 * The enabled flags are not this role's to see or change.
 */
export function MyProviderProfile() {
  const client = useQueryClient();
  const adminId = useSession().signedIn?.profile.UserID ?? '';
  const options = { params: { adminId } };
  const profile = useApiQuery('getMySP', options);
  return (
    <ContentLayout header={<Header variant="h1">{profile.data?.ServiceProviderName ?? messages.providers.form.profileTitle}</Header>}>
      <QueryState query={profile}>
        {(data) => (
          <ProviderProfileEditor
            key={data.ServiceProviderID}
            profile={data}
            withEnabled={false}
            uploadLogo={(file) => uploadLogo((body) => call('getMySPLogoUpload', { params: { adminId }, body }), file)}
            save={async (changes) => {
              const answer = await call('updateMySP', { params: { adminId }, body: changes });
              // /settings reads the same provider: it shows the change too.
              client.setQueryData(['getMySP', options], answer);
              return answer;
            }}
          />
        )}
      </QueryState>
    </ContentLayout>
  );
}
