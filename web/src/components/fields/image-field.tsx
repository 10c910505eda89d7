import Box from '@cloudscape-design/components/box';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { widgetMessages } from '@web/src/lib/widget-messages';
import type { FieldProps } from './field-props';

const t = widgetMessages.fields;
/** Spec 5 "Image upload": png, jpg, jpeg, img; one file; a name of 80 characters at most. */
const IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'img'];
export const FILE_NAME_MAX_LENGTH = 80;

/** Why the chosen files cannot be the image, in the spec's words; undefined when one good file is chosen. */
export function imageFileError(files: readonly File[]): string | undefined {
  if (files.length > 1) return t.singleFileOnly;
  const file = files[0];
  if (!file) return t.noFile;
  if (file.name.length > FILE_NAME_MAX_LENGTH) return t.fileNameTooLong;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!IMAGE_TYPES.includes(extension)) return t.fileType;
  return undefined;
}

/** A profile's image: the current one, and one new file to replace it (checked as spec 5 says). */
export function ImageField({ label, value, onChange, errorText, readOnly, testId, currentUrl }: FieldProps<File | undefined> & { currentUrl?: string }) {
  const [chosen, setChosen] = useState<readonly File[]>(value ? [value] : []);
  const [refusal, setRefusal] = useState<string>();
  return (
    <FormField label={label} errorText={refusal ?? errorText} constraintText={t.fileType} data-testid={testId}>
      <SpaceBetween size="xs">
        {currentUrl && (
          <Box>
            <img src={currentUrl} alt={label} style={{ maxHeight: 96, maxWidth: 192 }} />
          </Box>
        )}
        {!readOnly && (
          <FileUpload
            value={chosen}
            accept=".png,.jpg,.jpeg,.img"
            i18nStrings={{
              uploadButtonText: () => t.chooseFile,
              dropzoneText: () => t.chooseFile,
              removeFileAriaLabel: (index) => `Remove file ${index + 1}`,
              limitShowFewer: 'Show fewer files',
              limitShowMore: 'Show more files',
              errorIconAriaLabel: 'Error',
            }}
            onChange={({ detail }) => {
              setChosen(detail.value);
              const error = imageFileError(detail.value);
              setRefusal(error);
              onChange(error ? undefined : detail.value[0]);
            }}
          />
        )}
      </SpaceBetween>
    </FormField>
  );
}
