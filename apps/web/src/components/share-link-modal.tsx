// Share a checkout link: copy it, or show it as a QR code a buyer scans, with a PNG download for
// print (products and quick payments).
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import { copyToClipboard } from '../lib/clipboard.ts';
import { usePortalI18n } from '../lib/use-portal-i18n.ts';
import './share-link-modal.css';

const QR_OPTIONS = { margin: 2, width: 512, errorCorrectionLevel: 'M' } as const;

/** What is shared: a product or a quick payment; null hides the modal. */
export interface Shared {
  name: string;
  checkout_url: string;
}

export function ShareLinkModal({ shared, onClose }: { shared: Shared | null; onClose: () => void }) {
  const { t } = usePortalI18n();
  const url = shared?.checkout_url ?? null;
  const title = shared ? t('components.share.title', { name: shared.name }) : '';
  // The downloaded PNG's name without extension.
  const fileName = shared ? `qr-${shared.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : 'qr';
  const [svg, setSvg] = useState<string | null>(null);

  useEffect(() => {
    setSvg(null);
    if (!url) return;
    let current = true;
    // SVG needs no canvas, so the code also renders where canvas is missing.
    QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' }).then((markup) => {
      if (current) setSvg(markup);
    });
    return () => {
      current = false;
    };
  }, [url]);

  const downloadPng = async () => {
    if (!url) return;
    const link = document.createElement('a');
    link.href = await QRCode.toDataURL(url, QR_OPTIONS);
    link.download = `${fileName}.png`;
    link.click();
  };

  return (
    <Modal show={url !== null} onHide={onClose} centered data-testid="share-modal">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Label htmlFor="share-link-url">{t('components.share.link')}</Form.Label>
        <InputGroup className="mb-3">
          <Form.Control id="share-link-url" readOnly value={url ?? ''} data-testid="share-link-url" />
          <Button variant="outline-primary" onClick={() => url && copyToClipboard(url)} data-testid="share-link-copy">
            {t('components.share.copy')}
          </Button>
        </InputGroup>
        <div className="qr-frame">
          {svg ? (
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
              alt={t('components.share.qrAlt', { url: url ?? '' })}
              width={220}
              height={220}
              data-testid="share-qr"
            />
          ) : (
            <span className="text-body-secondary small">{t('components.share.drawing')}</span>
          )}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('components.close')}
        </Button>
        <Button variant="primary" onClick={downloadPng} disabled={!svg} data-testid="share-qr-download">
          {t('components.share.download')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
