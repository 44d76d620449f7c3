# Throwaway generator used once to lay out the bundled scenarios; not part of the product.
import json
S="../Schemas/scenario-v1.schema.json"
def dump(v, ind=0):
    pad="  "*ind
    if isinstance(v, dict):
        one=json.dumps(v, ensure_ascii=False, separators=(", ", ": "))
        if ind>0 and len(one)+len(pad)<=96 and not any(isinstance(x,(dict,list)) and len(json.dumps(x))>60 for x in v.values()):
            return one.replace("{", "{ ",1)[:-1]+" }"
        items=[f'{pad}  {json.dumps(k)}: {dump(x, ind+1)}' for k,x in v.items()]
        return "{\n"+",\n".join(items)+f"\n{pad}}}"
    if isinstance(v, list):
        one=json.dumps(v, ensure_ascii=False, separators=(", ", ": "))
        if len(one)+len(pad)<=90 and not any(isinstance(x,dict) for x in v):
            return one
        items=[f'{pad}  {dump(x, ind+1)}' for x in v]
        return "[\n"+",\n".join(items)+f"\n{pad}]"
    return json.dumps(v, ensure_ascii=False)
def w(name, d):
    d = {"$schema": S, "version": 1, **d}
    open(name,"w").write(dump(d)+"\n")
