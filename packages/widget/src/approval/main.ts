// Entry of /pay/approval.js (IIFE, built by packages/widget/vite.config.ts, served by the API).
import './approval.css';
import { applyPageTheme } from '../theme.ts';
import { startApprovalPage } from './approval-page.ts';

applyPageTheme(window);

const root = document.getElementById('kassa-approval');
if (root) void startApprovalPage({ window, root, fetch: window.fetch.bind(window) });
