<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:template name="date">
    <xsl:if test="pubDate"> <time><xsl:value-of select="substring(pubDate, 6, 11)"/></time></xsl:if>
  </xsl:template>
</xsl:stylesheet>
