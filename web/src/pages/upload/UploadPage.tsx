import { UploadScreen } from '@/features/documents/components/UploadScreen.tsx';

/** /upload */
export default function UploadPage() {
  return <UploadScreen />;
}
