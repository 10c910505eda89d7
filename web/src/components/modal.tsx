import CloudscapeModal, { type ModalProps } from '@cloudscape-design/components/modal';

/**
 * Cloudscape's Modal, on the page only while it is shown. Cloudscape's keeps a hidden dialog's whole
 * content in a portal, built with every screen and drawn again once the portal is in place
 * (docs/web.md, "Dialogs built only when shown"). A dialog that closes leaves the page; Cloudscape's
 * gives the focus back to where it was as it unmounts, as it does as it hides.
 */
export default function Modal(props: ModalProps) {
  return props.visible ? <CloudscapeModal {...props} /> : null;
}
