const fs=require('fs');const {SourceMapConsumer}=require('source-map-js');const zlib=require('zlib');
const file=process.argv[2];
const code=fs.readFileSync(file,'utf8');const map=JSON.parse(fs.readFileSync(file+'.map','utf8'));
const c=new SourceMapConsumer(map);
const lines=code.split('\n');const by={};
let total=0;
c.eachMapping(m=>{},null);
// attribute each char range between consecutive mappings
const maps=[];c.eachMapping(m=>maps.push(m));
for(let i=0;i<maps.length;i++){const m=maps[i];const n=maps[i+1];
 let len; if(n&&n.generatedLine===m.generatedLine) len=n.generatedColumn-m.generatedColumn; else len=lines[m.generatedLine-1].length-m.generatedColumn;
 let src=(m.source||'?').replace(/.*node_modules\//,'nm/').replace(/.*\/src\//,'src/');
 const parts=src.split('/'); src = src.startsWith('nm/')? parts.slice(0, parts[1].startsWith('@')?3:2).join('/') : src;
 by[src]=(by[src]||0)+len; total+=len;}
const arr=Object.entries(by).sort((a,b)=>b[1]-a[1]);
console.log('total',total, 'gz', zlib.gzipSync(code,{level:9}).length);
for(const [k,v] of arr.slice(0,+process.argv[3]||40)) console.log(v, k);
