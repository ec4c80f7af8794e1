import { App } from 'aws-cdk-lib';
import { buildComputa } from './build.ts';

// `npx cdk synth -c stage=dev|prod`: works offline (no lookups; region falls back to eu-south-1).
const app = new App();
try {
  buildComputa(app);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
app.synth();
