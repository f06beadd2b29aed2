<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="html"/>
  <xsl:template match="/">
    <html><head><script src="xslt-head.js"></script></head>
      <body><ol><xsl:for-each select="list/entry"><li><xsl:value-of select="."/></li></xsl:for-each></ol>
        <script>document.body.setAttribute('data-first', document.body.firstElementChild.localName + ' ' + document.documentElement.firstElementChild.localName + ' ' + window.headRan)</script>
      </body></html>
  </xsl:template>
</xsl:stylesheet>
