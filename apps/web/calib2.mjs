import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { MantineProvider, Text, Box } from '@mantine/core';
const kind = process.argv[2];
const item = (i) => kind === 'text' ? h(Text, { key: i, size: 'sm', c: 'dimmed', mt: 'xs' }, 'hello ', String(i))
  : kind === 'box' ? h(Box, { key: i }, 'x') : h('div', { key: i }, 'x');
const App = () => h(MantineProvider, null, h('div', null, Array.from({ length: 300 }, (_, i) => item(i))));
const App0 = () => h(MantineProvider, null, h('div', null));
for (let i = 0; i < 100; i++) renderToString(h(App));
let t0 = process.cpuUsage(); const N = 200;
for (let i = 0; i < N; i++) renderToString(h(App));
let t = process.cpuUsage(t0); console.log(kind, ((t.user + t.system) / 1000 / N).toFixed(3), 'ms per 300');
t0 = process.cpuUsage();
for (let i = 0; i < N; i++) renderToString(h(App0));
t = process.cpuUsage(t0); console.log('provider only', ((t.user + t.system) / 1000 / N).toFixed(3), 'ms');
