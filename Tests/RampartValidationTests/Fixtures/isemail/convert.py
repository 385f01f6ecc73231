# Converts isemail's tests.xml (BSD-3-Clause, Dominic Sayers) into tests.json for the Swift tests.
# Control characters are stored as U+2400 + code in the XML (its note 1); they are turned back here.
import json, xml.etree.ElementTree as ET
out = []
for t in ET.parse('tests.xml').getroot().iter('test'):
    address = t.findtext('address') or ''
    address = ''.join(chr(ord(c) - 0x2400) if 0x2400 <= ord(c) <= 0x241F else c for c in address)
    out.append({'id': int(t.get('id')), 'address': address,
                'category': t.findtext('category'), 'diagnosis': t.findtext('diagnosis')})
json.dump(out, open('tests.json', 'w', encoding='utf-8'), ensure_ascii=False, indent=1)
print(len(out))
