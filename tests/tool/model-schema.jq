# Differences between the data model's field lists (model_dump's output,
# $model) and the JSON Schema (the input): one line each, none when equal.
def def_of($s; $ref): $s["$defs"][$ref | sub("^#/\\$defs/"; "")];
def resolve($s; $p): if $p["$ref"] then def_of($s; $p["$ref"]) else $p end;
. as $s
| ($model[0].sections[]
| . as $sec
| def_of($s; $s["$defs"].spec.properties[$sec.section].items["$ref"]) as $d
| [$sec.fields[].key] as $keys
| (if $d.required != $keys
   then "\($sec.section): schema requires \($d.required), the model lists \($keys)"
   else empty end),
  (if ($d.properties | keys) != ($keys | sort)
   then "\($sec.section): schema properties \($d.properties | keys), the model lists \($keys | sort)"
   else empty end),
  ($sec.fields[]
   | select(.names)
   | . as $f
   | resolve($s; $d.properties[$f.key]) as $p
   | (if $f.flags then $p.items.anyOf[0].enum else ($p.enum // []) - ["unknown"] end) as $have
   | if $have != $f.names
     then "\($sec.section).\($f.key): schema names \($have), the model's \($f.names)"
     else empty end))
,
# a parameter's own fields are JSON keys of a param object (those the
# consumers judge themselves, OWN, may live inside another key)
($s["$defs"].param as $d
 | $model[0].param[]
 | . as $f
 | if ($d.properties | has($f.key)) then
     # an OWN key may hold an object (constraint: its kind and bounds)
     (select($f.names and ($f.own | not) or $f.flags)
      | resolve($s; $d.properties[$f.key]) as $p
      | (if $f.flags then $p.items.anyOf[0].enum else ($p.enum // []) - ["unknown"] end) as $have
      | if $have != $f.names
        then "param.\($f.key): schema names \($have), the model's \($f.names)"
        else empty end)
   elif $f.own then empty
   else "param.\($f.key): not a property of the schema's param object" end)
