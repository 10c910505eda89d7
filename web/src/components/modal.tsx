import CloudscapeModal, { type ModalProps } from '@cloudscape-design/components/modal';

export type { ModalProps };

/**
 * Cloudscape's Modal, on the page only while it is shown. Cloudscape's keeps a hidden dialog's
 * whole content in a portal, mounted with the page and drawn again once the portal is in place:
 * a patient's screen held nine such dialogs (the shell's, its error dialogs, the FHIR export), 325
 * of its 2,100 elements, all built on every load (docs/web.md, "Dialogs built only when shown").
 * A dialog that closes is taken off the page; Cloudscape's gives the focus back to where it was as
 * it unmounts, as it does as it hides.
 */
export default function Modal(props: ModalProps) {
  return props.visible ? <CloudscapeModal {...props} /> : null;
}
