/**
 * The demo's reference rates, in the European Central Bank's daily format (its eurofxref-daily.xml), so that a
 * demo shows rates with no network and no FX_RATES_URL. Plausible figures for the day named, not rates the ECB
 * published; the tests serve the same text from a local server.
 */
export const DEMO_RATES_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='2026-11-26'>
			<Cube currency='USD' rate='1.0412'/>
			<Cube currency='JPY' rate='162.5'/>
			<Cube currency='CZK' rate='25.112'/>
			<Cube currency='DKK' rate='7.4593'/>
			<Cube currency='GBP' rate='0.83045'/>
			<Cube currency='HUF' rate='409.85'/>
			<Cube currency='PLN' rate='4.3125'/>
			<Cube currency='RON' rate='4.9753'/>
			<Cube currency='SEK' rate='11.5245'/>
			<Cube currency='CHF' rate='0.9301'/>
			<Cube currency='ISK' rate='145.3'/>
			<Cube currency='NOK' rate='11.685'/>
			<Cube currency='TRY' rate='36.0871'/>
			<Cube currency='AUD' rate='1.6091'/>
			<Cube currency='BRL' rate='6.1'/>
			<Cube currency='CAD' rate='1.4634'/>
			<Cube currency='CNY' rate='7.5412'/>
			<Cube currency='HKD' rate='8.1032'/>
			<Cube currency='IDR' rate='16563.41'/>
			<Cube currency='ILS' rate='3.8122'/>
			<Cube currency='INR' rate='87.9015'/>
			<Cube currency='KRW' rate='1460.53'/>
			<Cube currency='MXN' rate='21.3021'/>
			<Cube currency='MYR' rate='4.6471'/>
			<Cube currency='NZD' rate='1.7852'/>
			<Cube currency='PHP' rate='61.403'/>
			<Cube currency='SGD' rate='1.4012'/>
			<Cube currency='THB' rate='35.882'/>
			<Cube currency='ZAR' rate='18.9274'/>
		</Cube>
	</Cube>
</gesmes:Envelope>
`;
