import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/Alert.tsx';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import { LIST_ROUTE } from '@/features/prezzari/constants.ts';
import { usePrezzarioUpload } from '@/features/prezzari/hooks/use-prezzario-upload.ts';
import type { PrezzarioSource } from '@/features/prezzari/types.ts';
import { PreviewCard } from './PreviewCard.tsx';
import { PrezzarioUploadForm } from './PrezzarioUploadForm.tsx';
import { UploadIntro, UploadTips } from './UploadInfo.tsx';
import { UploadProgressCard } from './UploadProgressCard.tsx';

/** A short pause on success so the outcome is seen before the list opens. */
export const SUCCESS_NAVIGATION_DELAY_MS = 1200;

/** The one upload screen for both price lists: file, key (typology or province) and year, preview, confirmation. */
export function PrezzarioUploader({ source }: { source: PrezzarioSource }) {
  const navigate = useNavigate();
  const { state, start, confirm, cancel, reset } = usePrezzarioUpload(source);
  const { message, show, clear } = useTimedMessage();
  const [formKey, setFormKey] = useState(0);
  const { phase } = state;
  const sending = phase === 'uploading' || phase === 'processing';
  const locked = sending || phase === 'preview' || phase === 'confirming' || phase === 'success';
  const listName = source === 'dei' ? 'prezzario DEI' : 'prezzario Toscana';

  // Errors go to the timed alert (5 s); the cancellation notice stays in the progress card.
  useEffect(() => {
    if (phase === 'error' && state.message) show('error', state.message);
  }, [phase, state.message, show]);

  useEffect(() => {
    if (phase !== 'success') return;
    show('success', state.message || `Importazione completata: ${state.result?.total_rows ?? state.preview?.total_rows ?? 0} righe importate.`);
    const t = setTimeout(() => navigate(LIST_ROUTE[source]), SUCCESS_NAVIGATION_DELAY_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase]);

  // The alerts sit above the form: bring them into view (the preview may have scrolled the page).
  useEffect(() => {
    if (message) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [message]);

  const onReset = () => {
    reset();
    clear();
    setFormKey((k) => k + 1);
  };
  const cancelPreview = () => {
    onReset();
    show('info', 'Operazione annullata.');
  };

  return (
    <div className="pz-upload">
      {message && (
        <Alert severity={message.severity} onClose={clear}>
          {message.text}
        </Alert>
      )}
      <UploadIntro source={source} />
      <div className="pz-upload-layout">
        <div className="pz-upload-main">
          <PrezzarioUploadForm
            key={formKey}
            source={source}
            locked={locked}
            sending={sending}
            confirming={phase === 'confirming'}
            onAttempt={clear}
            onSubmit={(input) => void start(input)}
            onReset={onReset}
          />
          <UploadProgressCard state={state} listName={listName} onCancel={cancel} />
        </div>
        <UploadTips source={source} />
      </div>
      {state.preview && (phase === 'preview' || phase === 'confirming' || phase === 'error') && (
        <PreviewCard key={state.preview.temp_file_id} preview={state.preview} confirming={phase === 'confirming'} onConfirm={(alertsSeen) => void confirm(alertsSeen)} onCancel={cancelPreview} />
      )}
    </div>
  );
}
