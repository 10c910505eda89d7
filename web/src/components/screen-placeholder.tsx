import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useScreenHeadingVariant } from './heading-level';

/** A screen's frame before its content exists: its header, named as the navigation names it. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <ContentLayout header={<Header variant={useScreenHeadingVariant()}>{title}</Header>}>
      <Box data-testid="screen-placeholder" color="text-body-secondary" />
    </ContentLayout>
  );
}
